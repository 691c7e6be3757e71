### CONFIGS ###
dataset = 'cora'
model = 'GAE'

input_dim = 1433 
hidden1_dim = 32
hidden2_dim = 16
use_feature = True

num_epoch = 200
learning_rate = 0.01