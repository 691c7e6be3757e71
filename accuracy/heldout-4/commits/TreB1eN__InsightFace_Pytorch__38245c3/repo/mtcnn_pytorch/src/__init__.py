from .visualization_utils import show_bboxes
from .detector import detect_faces
