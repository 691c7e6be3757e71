# config.py

class Config(object):
    embed_size = 300
    hidden_size = 10
    output_size = 4
    max_epochs = 30
    lr = 0.5
    batch_size = 128