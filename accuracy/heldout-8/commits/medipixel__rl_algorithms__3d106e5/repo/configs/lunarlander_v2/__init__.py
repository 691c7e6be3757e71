"""Empty."""
