'''
    Align and Reconstruct 2D Images to 3D params
'''

# from .utils import recon_coeff, recon_video_from_coeff, recon_video_from_coeff_notex, recon_video, recon_uv, recon_uv_from_coeff, recon_texture
from .utils import Reconstructor, Deep3dReconstructror