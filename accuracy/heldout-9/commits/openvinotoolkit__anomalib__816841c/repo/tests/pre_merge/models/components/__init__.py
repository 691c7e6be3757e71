"""Test individual components."""
