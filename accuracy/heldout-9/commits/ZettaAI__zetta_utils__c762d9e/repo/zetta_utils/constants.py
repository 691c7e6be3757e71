"""Common project-wide constants."""

DEFAULT_PROJECT = "zetta-research"
RUN_DATABASE: str | None = "run-db"
