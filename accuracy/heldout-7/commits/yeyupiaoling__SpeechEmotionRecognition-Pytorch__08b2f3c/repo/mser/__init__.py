__version__ = "0.0.1"
# 项目支持的模型
SUPPORT_MODEL = ['BidirectionalLSTM']
