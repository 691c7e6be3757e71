import torch

def get_length_mask(tensor, length):
    return mask