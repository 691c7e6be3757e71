import torch
import face_alignment
