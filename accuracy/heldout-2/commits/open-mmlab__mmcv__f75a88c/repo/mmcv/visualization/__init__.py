# Copyright (c) Open-MMLab. All rights reserved.
from .color import Color, color_val
from .image import imshow, imshow_bboxes, imshow_det_bboxes
from .optflow import flow2rgb, flowshow, make_color_wheel

__all__ = [
    'Color', 'color_val', 'imshow', 'imshow_bboxes', 'imshow_det_bboxes',
    'flowshow', 'flow2rgb', 'make_color_wheel'
]
