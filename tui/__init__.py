"""memrev's command line and Textual review app."""
