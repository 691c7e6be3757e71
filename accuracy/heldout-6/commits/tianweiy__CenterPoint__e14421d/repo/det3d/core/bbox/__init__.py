# from .box_torch_ops import (
#     torch_to_np_dtype,
#     second_box_decode,
#     bev_box_decode,
#     corners_nd,
#     corners_2d,
#     corner_to_standup_nd,
#     rotation_3d_in_axis,
#     rotation_2d,
#     center_to_corner_box3d,
#     center_to_corner_box2d,
#     project_to_image,
#     camera_to_lidar,
#     lidar_to_camera,
#     box_camera_to_lidar,
#     box_lidar_to_camera,
#     multiclass_nms,
#     nms,
#     rotate_nms,
# )
# from .box_np_ops import (
#     points_count_rbbox, riou_cc, rinter_cc, second_box_encode, bev_box_encode,
#     corners_nd, corner_to_standup_nd, rbbox2d_to_near_bbox,
#     rotation_3d_in_axis, rotation_points_single_angle, rotation_2d,
#     rotation_box, center_to_corner_box3d, center_to_corner_box2d,
#     rbbox3d_to_corners, rbbox3d_to_bev_corners, minmax_to_corner_2d,
#     minmax_to_corner_2d_v2, minmax_to_corner_3d, minmax_to_center_2d,
#     center_to_minmax_2d_0_5, center_to_minmax_2d, limit_period,
#     projection_matrix_to_CRT_kitti, get_frustum, get_frustum_v2,
#     create_anchors_3d_stride, create_anchors_bev_stride,
#     create_anchors_3d_range, create_anchors_bev_range, add_rgb_to_points,
#     project_to_image, camera_to_lidar, lidar_to_camera, box_camera_to_lidar,
#     box_lidar_to_camera, remove_outside_points, iou_jit, iou_3d_jit,
#     iou_nd_jit, points_in_rbbox, corner_to_surfaces_3d,
#     corner_to_surfaces_3d_jit, assign_label_to_voxel, assign_label_to_voxel_v3,
#     image_box_region_area, get_minimum_bounding_box_bv,
#     get_anchor_bv_in_feature_jit, get_anchor_bv_in_feature,
#     sparse_sum_for_anchors_mask, fused_get_anchors_area, distance_similarity,
#     box3d_to_bbox, change_box3d_center_)
# from .box_coders import (GroundBox3dCoder, BevBoxCoder, GroundBox3dCoderTorch,
#                          BevBoxCoderTorch)
from . import box_coders, box_np_ops, box_torch_ops, geometry, region_similarity

# from .region_similarity import (RegionSimilarityCalculator,
#                                 RotateIouSimilarity, NearestIouSimilarity,
#                                 DistanceSimilarity)
from .iou import bbox_overlaps

# from .geometry import (
#     points_count_convex_polygon_3d_jit, is_line_segment_intersection_jit,
#     line_segment_intersection, is_line_segment_cross, surface_equ_3d_jit,
#     points_in_convex_polygon_3d_jit_v1, surface_equ_3d, surface_equ_3d_jitv2,
#     points_in_convex_polygon_3d_jit, points_in_convex_polygon_jit,
#     points_in_convex_polygon, points_in_convex_polygon_3d_jit_v2)
