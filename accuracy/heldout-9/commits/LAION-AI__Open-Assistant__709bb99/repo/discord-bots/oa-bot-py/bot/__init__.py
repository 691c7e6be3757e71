"""The official Open-Assistant Discord Bot."""
