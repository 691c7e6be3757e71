import torch

A = torch.load("D:/Develop/Kaggle/Kaggle-2020-Alaska2/wide_resnet38_ipabn_lr_256.pth.tar")
print(A.keys())
