from .class_names import (
    coco_classes,
    dataset_aliases,
    get_classes,
    imagenet_det_classes,
    imagenet_vid_classes,
    voc_classes,
)
from .coco_utils import coco_eval, fast_eval_recall, results2json
from .mean_ap import average_precision, eval_map, print_map_summary
from .recall import eval_recalls, plot_iou_recall, plot_num_recall, print_recall_summary

__all__ = [
    "voc_classes",
    "imagenet_det_classes",
    "imagenet_vid_classes",
    "coco_classes",
    "dataset_aliases",
    "get_classes",
    "coco_eval",
    "fast_eval_recall",
    "results2json",
    "average_precision",
    "eval_map",
    "print_map_summary",
    "eval_recalls",
    "print_recall_summary",
    "plot_num_recall",
    "plot_iou_recall",
]
