# Data
save_path = "./data/"
data_path = "./data/ml-latest-small.zip"
data_base_path = "./data/ml-latest-small/"
data_url = "https://files.grouplens.org/datasets/movielens/ml-latest-small.zip"

batch_size = 16
input_dim = 9724
hidden_dim = 500
learning_rate = 0.001
epoch = 100
