"""The freeze: the exact snapshot each agent loads next session, previewed, written atomically, kept, rolled back."""
