import os
from tqdm import tqdm


import cv2

import torch
from torchvision import models, transforms




