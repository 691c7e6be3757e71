import numpy as np
import torch
import torch.nn as nn


class BaseModel(nn.Module):

  def __init__(self):
    super().__init__()

  def initialize(self):
    for m in self.modules():
      if isinstance(m, nn.Conv2d):
        nn.init.kaiming_normal_(m.weight, mode='fan_out', nonlinearity='relu')
      elif isinstance(m, nn.BatchNorm2d):
        nn.init.constant_(m.weight, 1)
        nn.init.constant_(m.bias, 0)
