# Description: This file is used to import all the necessary files for the gpt_api module.
from .gpt_agent import *           # Core GPT agent logic
from .prompt import *              # Prompt templates and formatting utilities
from .task_info import *           # Task metadata, descriptions, and configurations

# Try importing optional observation handling module
try:
    from .observation_agent import *  # Optional: multimodal or perception-specific agent interface
except ImportError as e:
    print(f"Warning: Failed to import observation_agent module: {e}")