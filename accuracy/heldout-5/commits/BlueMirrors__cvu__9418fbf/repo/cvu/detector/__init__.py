"""This Module contains various methods/models for
Object Detection. It's default detector is Yolov5.
"""
from .yolov5 import Yolov5 as Detector
