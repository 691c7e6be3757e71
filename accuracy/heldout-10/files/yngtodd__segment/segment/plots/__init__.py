from .slice_viewer import multi_slice_viewer
