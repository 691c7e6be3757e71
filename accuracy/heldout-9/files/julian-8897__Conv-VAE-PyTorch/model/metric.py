import torch


def metric():
    """
    Implement evaluation metric here if needed  
    """
    pass
