import torch

from peach.utils.token_converter import TokenConverter


class PathFinder:
    @staticmethod
    def find_best_path(log_prob):
        pass

