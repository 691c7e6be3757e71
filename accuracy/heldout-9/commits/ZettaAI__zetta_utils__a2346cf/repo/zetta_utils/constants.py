"""Common project-wide constants."""

DEFAULT_PROJECT = "zetta-research"
DEFAULT_FIRESTORE_DB = "zetta-utils"
RUN_DATABASE: str | None = "run-db"
