"""`memrev bench`: speed checks of the store, checker, scanner and conflicts against same-run baselines."""
