"""`python -m memrev.tui` runs the same command line as `memrev`."""

from memrev.tui.entry import main

if __name__ == "__main__":
    main()
