MAX_BUFFER = 100000  # buffer size
BATCH_SIZE = 32
LEARNING_RATE = 0.005  # 训练学习率
GAMMA = 0.98  # 奖励随时间步的衰减因子
TAU = 0.001  # model参数软更新系数
EPSILON = 0.9 # 贪婪策略
