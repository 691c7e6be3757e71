__version__ = "2.3.8"
# 项目支持的模型
SUPPORT_MODEL = ['squeezeformer', 'efficient_conformer', 'conformer', 'deepspeech2']
