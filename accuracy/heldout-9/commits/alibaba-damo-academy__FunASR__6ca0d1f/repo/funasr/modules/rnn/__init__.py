"""Initialize sub package."""
