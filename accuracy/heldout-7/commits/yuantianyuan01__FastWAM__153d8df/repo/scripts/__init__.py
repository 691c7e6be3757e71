"""CLI entry scripts for fastwam."""
