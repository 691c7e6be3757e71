from det3d.ops.iou3d_nms import iou3d_nms_cuda
