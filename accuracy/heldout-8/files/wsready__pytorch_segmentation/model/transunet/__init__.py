from .transunet import VisionTransformer
