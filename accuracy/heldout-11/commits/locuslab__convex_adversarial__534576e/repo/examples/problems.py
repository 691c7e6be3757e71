import torch
from torch.autograd import Variable
import torch.nn as nn
import torch.optim as optim
import torchvision.transforms as transforms
import torchvision.datasets as datasets
import torch.nn.functional as F
import numpy as np
import torch.utils.data as td
import argparse
from convex_adversarial import epsilon_from_model, DualNetBounds
from convex_adversarial import Dense, DenseSequential
import math
import os

def model_wide(in_ch, out_width, k): 
    model = nn.Sequential(
        nn.Conv2d(in_ch, 4*k, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(4*k, 8*k, 4, stride=2, padding=1),
        nn.ReLU(),
        Flatten(),
        nn.Linear(8*k*out_width*out_width,k*128),
        nn.ReLU(),
        nn.Linear(k*128, 10)
    )
    return model

def model_deep(in_ch, out_width, k, n1=8, n2=16, linear_size=100): 
    def group(inf, outf, N): 
        if N == 1: 
            conv = [nn.Conv2d(inf, outf, 4, stride=2, padding=1), 
                         nn.ReLU()]
        else: 
            conv = [nn.Conv2d(inf, outf, 3, stride=1, padding=1), 
                         nn.ReLU()]
            for _ in range(1,N-1):
                conv.append(nn.Conv2d(outf, outf, 3, stride=1, padding=1))
                conv.append(nn.ReLU())
            conv.append(nn.Conv2d(outf, outf, 4, stride=2, padding=1))
            conv.append(nn.ReLU())
        return conv

    conv1 = group(in_ch, n1, k)
    conv2 = group(n1, n2, k)


    model = nn.Sequential(
        *conv1, 
        *conv2,
        Flatten(),
        nn.Linear(n2*out_width*out_width,linear_size),
        nn.ReLU(),
        nn.Linear(100, 10)
    )
    return model

def init_scale(model, X, epsilon): 
    dual = DualNetBounds(model, X, epsilon)
    print("Scaling down weights...")
    for i in range(1, len(dual.affine)):
        d0 = (dual.zu[0] - dual.zl[0]).mean().data
        di = (dual.zu[i]-dual.zl[i]).mean().data
        while di[0] > d0[0]: 
            # print("scaling by 0.5, ", i)
            dual.affine[i].l.weight.data *= 0.5
            del dual
            dual = DualNetBounds(model, X, epsilon)
            d0 = (dual.zu[0] - dual.zl[0]).mean().data
            di = (dual.zu[i]-dual.zl[i]).mean().data
    del dual

class Flatten(nn.Module):
    def forward(self, x):
        return x.view(x.size(0), -1)

def mnist_loaders(batch_size, shuffle_test=False): 
    mnist_train = datasets.MNIST("./data", train=True, download=True, transform=transforms.ToTensor())
    mnist_test = datasets.MNIST("./data", train=False, download=True, transform=transforms.ToTensor())
    train_loader = torch.utils.data.DataLoader(mnist_train, batch_size=batch_size, shuffle=True, pin_memory=True)
    test_loader = torch.utils.data.DataLoader(mnist_test, batch_size=batch_size, shuffle=shuffle_test, pin_memory=True)
    return train_loader, test_loader

def fashion_mnist_loaders(batch_size): 
    mnist_train = datasets.MNIST("./fashion_mnist", train=True,
       download=True, transform=transforms.ToTensor())
    mnist_test = datasets.MNIST("./fashion_mnist", train=False,
       download=True, transform=transforms.ToTensor())
    train_loader = torch.utils.data.DataLoader(mnist_train, batch_size=batch_size, shuffle=True, pin_memory=True)
    test_loader = torch.utils.data.DataLoader(mnist_test, batch_size=batch_size, shuffle=False, pin_memory=True)
    return train_loader, test_loader

def mnist_model(): 
    model = nn.Sequential(
        nn.Conv2d(1, 16, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(16, 32, 4, stride=2, padding=1),
        nn.ReLU(),
        Flatten(),
        nn.Linear(32*7*7,100),
        nn.ReLU(),
        nn.Linear(100, 10)
    )
    return model


def mnist_model_kernel(): 
    model = nn.Sequential(
        nn.Conv2d(1, 16, 8, stride=2, padding=3),
        nn.ReLU(),
        nn.Conv2d(16, 32, 8, stride=2, padding=3),
        nn.ReLU(),
        Flatten(),
        nn.Linear(32*7*7,100),
        nn.ReLU(),
        nn.Linear(100, 10)
    )
    return model

def mnist_model_threshold(): 
    model = nn.Sequential(
        nn.Conv2d(1, 16, 1, stride=1, padding=0),
        nn.ReLU(),
        nn.Conv2d(16, 16, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(16, 32, 4, stride=2, padding=1),
        nn.ReLU(),
        Flatten(),
        nn.Linear(32*7*7,100),
        nn.ReLU(),
        nn.Linear(100, 10)
    )
    return model

def mnist_model_deep_wide():
    # in filters, out width, depth, filters1, filters2
    return model_deep(1, 7, 3, n1=32, n2=64, linear_size=512) 

def model_deep_bn(in_ch, out_width, k, n1=8, n2=16, linear_size=100): 
    def group(inf, outf, N): 
        if N == 1: 
            conv = [nn.Conv2d(inf, outf, 4, stride=2, padding=1, bias=False), 
                    nn.BatchNorm2d(outf),
                    nn.ReLU()]
        else: 
            conv = [nn.Conv2d(inf, outf, 3, stride=1, padding=1, bias=False), 
                    nn.BatchNorm2d(outf),
                    nn.ReLU()]
            for _ in range(1,N-1):
                conv.append(nn.Conv2d(outf, outf, 3, stride=1, padding=1, bias=False))
                conv.append(nn.BatchNorm2d(outf))
                conv.append(nn.ReLU())
            conv.append(nn.Conv2d(outf, outf, 4, stride=2, padding=1, bias=False))
            conv.append(nn.BatchNorm2d(outf))
            conv.append(nn.ReLU())
        return conv

    conv1 = group(in_ch, n1, k)
    conv2 = group(n1, n2, k)


    model = nn.Sequential(
        *conv1, 
        *conv2,
        Flatten(),
        nn.Linear(n2*out_width*out_width,linear_size),
        nn.ReLU(),
        nn.Linear(100, 10)
    )
    return model

def mnist_model_deep_bn(): 
    # use 4 layers which doesn't converge without bn
    return model_deep_bn(1,7,4)

def mnist_model_bn(): 
    model = nn.Sequential(
        nn.Conv2d(1, 16, 4, stride=2, padding=1, bias=False),
        nn.BatchNorm2d(16), 
        nn.ReLU(),
        nn.Conv2d(16, 32, 4, stride=2, padding=1, bias=False),
        nn.BatchNorm2d(32), 
        nn.ReLU(),
        Flatten(),
        nn.Linear(32*7*7,100),
        nn.ReLU(),
        nn.Linear(100, 10)
    )
    return model

def mnist_model_wide(k): 
    return model_wide(1, 7, k)

def mnist_model_deep(k): 
    return model_deep(1, 7, k)

def mnist_model_resnet(): 
    model = DenseSequential(
        nn.Conv2d(1, 16, 4, stride=2, padding=1),
        nn.ReLU(),
        Dense(nn.Conv2d(16, 32, 4, stride=2, padding=1)),
        nn.ReLU(),
        Dense(nn.Conv2d(16, 32, 2, stride=2, padding=0), 
              None, 
              nn.Conv2d(32, 32, 3, stride=1, padding=1)),
        nn.ReLU(),
        Flatten(),
        nn.Linear(32*7*7,100),
        nn.ReLU(),
        nn.Linear(100, 10)
    )
    return model


# def mnist_model_resnet_bn(): 
#     model = DenseSequential(
#         nn.Conv2d(1, 16, 4, stride=2, padding=1),
#         nn.ReLU(),
#         Dense(nn.Conv2d(16, 32, 4, stride=2, padding=1, bias=False)),
#         nn.BatchNorm2d(32), 
#         nn.ReLU(),
#         Dense(nn.Conv2d(16, 32, 1, stride=2, padding=0, bias=False), 
#               None, 
#               nn.Conv2d(32, 32, 3, stride=1, padding=1, bias=False)),
#         nn.BatchNorm2d(32), 
#         nn.ReLU(),
#         Flatten(),
#         nn.Linear(32*7*7,100),
#         nn.ReLU(),
#         nn.Linear(100, 10)
#     )
#     return model


# def mnist_model_resnet(): 
#     model = DenseSequential(
#         nn.Conv2d(1, 32, 4, stride=2, padding=1),
#         nn.ReLU(),
#         Dense(nn.Conv2d(32, 64, 4, stride=2, padding=1)),
#         nn.ReLU(),
#         Dense(nn.Conv2d(32, 64, 1, stride=2, padding=0), 
#               None, 
#               nn.Conv2d(64, 64, 3, stride=1, padding=1)),
#         nn.ReLU(),
#         Flatten(),
#         nn.Linear(64*7*7,1024),
#         nn.ReLU(),
#         nn.Linear(1024, 10)
#     )
#     return model

def mnist_model_large(): 
    model = nn.Sequential(
        nn.Conv2d(1, 32, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(32, 64, 4, stride=2, padding=1),
        nn.ReLU(),
        Flatten(),
        nn.Linear(64*7*7,1024),
        nn.ReLU(),
        nn.Linear(1024, 10)
    )
    return model

def mnist_model_vgg(): 
    model = nn.Sequential(
        nn.Conv2d(1, 32, 3, stride=1, padding=1),
        nn.ReLU(),
        nn.Conv2d(32, 32, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(32, 64, 3, stride=1, padding=1),
        nn.ReLU(),
        nn.Conv2d(64, 64, 4, stride=2, padding=1),
        nn.ReLU(),
        Flatten(),
        nn.Linear(64*7*7,512),
        nn.ReLU(),
        nn.Linear(512,512),
        nn.ReLU(),
        nn.Linear(512,10)
    )
    return model

def replace_10_with_0(y): 
    return y % 10

def svhn_loaders(batch_size): 
    train = datasets.SVHN("./data", split='train', download=True, transform=transforms.ToTensor(), target_transform=replace_10_with_0)
    test = datasets.SVHN("./data", split='test', download=True, transform=transforms.ToTensor(), target_transform=replace_10_with_0)
    train_loader = torch.utils.data.DataLoader(train, batch_size=batch_size, shuffle=True, pin_memory=True)
    test_loader = torch.utils.data.DataLoader(test, batch_size=batch_size, shuffle=False, pin_memory=True)
    return train_loader, test_loader

def svhn_second_stage_loaders(batch_size): 
    train = datasets.SVHN(".", split='train', download=True, transform=transforms.ToTensor(), target_transform=replace_10_with_0)
    test = datasets.SVHN(".", split='test', download=True, transform=transforms.ToTensor(), target_transform=replace_10_with_0)
    
    total = torch.load('cascade_stage_2_svhn_indices.pth')
    sampler = torch.utils.data.sampler.SubsetRandomSampler(total)
    train_loader = torch.utils.data.DataLoader(train, batch_size=batch_size, shuffle=False, pin_memory=True, sampler=sampler)
    test_loader = torch.utils.data.DataLoader(test, batch_size=batch_size, shuffle=False, pin_memory=True, sampler=sampler)
    return train_loader, test_loader


def svhn_model(): 
    model = nn.Sequential(
        nn.Conv2d(3, 16, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(16, 32, 4, stride=2, padding=1),
        nn.ReLU(),
        Flatten(),
        nn.Linear(32*8*8,100),
        nn.ReLU(),
        nn.Linear(100, 10)
    ).cuda()
    return model

def svhn_model_wide(k): 
    return model_wide(3, 8, k)

def svhn_model_deep(k): 
    return model_deep(3, 8, k)

def har_loaders(batch_size):     
    X_te = torch.from_numpy(np.loadtxt('../datasets/UCI HAR Dataset/test/X_test.txt')).float()
    X_tr = torch.from_numpy(np.loadtxt('../datasets/UCI HAR Dataset/train/X_train.txt')).float()
    y_te = torch.from_numpy(np.loadtxt('../datasets/UCI HAR Dataset/test/y_test.txt')-1).long()
    y_tr = torch.from_numpy(np.loadtxt('../datasets/UCI HAR Dataset/train/y_train.txt')-1).long()

    har_train = td.TensorDataset(X_tr, y_tr)
    har_test = td.TensorDataset(X_te, y_te)

    train_loader = torch.utils.data.DataLoader(har_train, batch_size=batch_size, shuffle=True, pin_memory=True)
    test_loader = torch.utils.data.DataLoader(har_test, batch_size=batch_size, shuffle=False, pin_memory=True)
    return train_loader, test_loader

def har_500_model(): 
    model = nn.Sequential(
        nn.Linear(561, 500),
        nn.ReLU(),
        nn.Linear(500, 6)
    )
    return model

def har_500_250_model(): 
    model = nn.Sequential(
        nn.Linear(561, 500),
        nn.ReLU(),
        nn.Linear(500, 250),
        nn.ReLU(),
        nn.Linear(250, 6)
    )
    return model

def har_500_250_100_model(): 
    model = nn.Sequential(
        nn.Linear(561, 500),
        nn.ReLU(),
        nn.Linear(500, 250),
        nn.ReLU(),
        nn.Linear(250, 100),
        nn.ReLU(),
        nn.Linear(100, 6)
    )
    return model

def cifar_loaders(batch_size, shuffle_test=False): 
    normalize = transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                     # std=[0.229, 0.224, 0.225])
                                     std=[0.225, 0.225, 0.225])
    train = datasets.CIFAR10('./data', train=True, download=True, 
        transform=transforms.Compose([
            transforms.RandomHorizontalFlip(),
            transforms.RandomCrop(32, 4),
            transforms.ToTensor(),
            normalize,
        ]))
    test = datasets.CIFAR10('./data', train=False, 
        # transform=transforms.Compose([transforms.ToTensor()]))
        transform=transforms.Compose([transforms.ToTensor(), normalize]))
    train_loader = torch.utils.data.DataLoader(train, batch_size=batch_size,
        shuffle=True, pin_memory=True)
    test_loader = torch.utils.data.DataLoader(test, batch_size=batch_size,
        shuffle=shuffle_test, pin_memory=True)
    return train_loader, test_loader

def cifar_model(): 
    model = nn.Sequential(
        nn.Conv2d(3, 16, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(16, 32, 4, stride=2, padding=1),
        nn.ReLU(),
        Flatten(),
        nn.Linear(32*8*8,100),
        nn.ReLU(),
        nn.Linear(100, 10)
    )
    for m in model.modules():
        if isinstance(m, nn.Conv2d):
            n = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
            m.weight.data.normal_(0, math.sqrt(2. / n))
            m.bias.data.zero_()
    return model


def cifar_model_wide(k): 
    return model_wide(3, 8, k)

def cifar_model_deep(k): 
    return model_deep(3, 8, k)

def cifar_model_vgg(): 
    model = nn.Sequential(
        nn.Conv2d(3, 64, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(64, 128, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(128, 256, 3, stride=1, padding=1),
        nn.ReLU(),
        nn.Conv2d(256, 256, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(256, 512, 3, stride=1, padding=1),
        nn.ReLU(),
        nn.Conv2d(512, 512, 4, stride=2, padding=1),
        nn.ReLU(),
        nn.Conv2d(512, 512, 3, stride=1, padding=1),
        nn.ReLU(),
        nn.Conv2d(512, 512, 4, stride=2, padding=1),
        nn.ReLU(),
        Flatten(),
        nn.Linear(512,512),
        nn.ReLU(),
        nn.Linear(512,512),
        nn.ReLU(),
        nn.Linear(512,10)
    )
    for m in model.modules():
        if isinstance(m, nn.Conv2d):
            n = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
            m.weight.data.normal_(0, math.sqrt(2. / n))
            m.bias.data.zero_()
    return model

class ResBlock(nn.Module): 
    def __init__(self, in_ch, out_ch, stride=1):
        super(ResBlock,self).__init__()
        if stride != 1:
            self.shortcut = nn.Conv2d(in_ch, out_ch,
                kernel_size=1, stride=stride, bias=False)
        else:
            self.shortcut = nn.Sequential()
        self.conv1 = nn.Conv2d(in_ch, out_ch, kernel_size=3, stride=stride,
                                padding=1)
        self.conv2 = nn.Conv2d(out_ch, out_ch, kernel_size=3, stride=1,
                                padding=1)

    def forward(self, x): 
        out = F.relu(self.conv1(x))
        out = self.conv2(out)
        out += self.shortcut(x)
        out = F.relu(out)
        return out


def mnist_model_resnet_bn(): 
    model = DenseSequential(
        nn.Conv2d(1, 16, 4, stride=2, padding=1),
        nn.ReLU(),
        Dense(nn.Conv2d(16, 32, 4, stride=2, padding=1, bias=False)),
        nn.BatchNorm2d(32), 
        nn.ReLU(),
        Dense(nn.Conv2d(16, 32, 1, stride=2, padding=0, bias=False), 
              None, 
              nn.Conv2d(32, 32, 3, stride=1, padding=1, bias=False)),
        nn.BatchNorm2d(32), 
        nn.ReLU(),
        Flatten(),
        nn.Linear(32*7*7,100),
        nn.ReLU(),
        nn.Linear(100, 10)
    )
    return model


def cifar_model_resnet(N = 5, factor=10): 
    def  block(in_filters, out_filters, k, downsample): 
        if not downsample: 
            k_first = 3
            skip_stride = 1
            k_skip = 1
        else: 
            k_first = 4
            skip_stride = 2
            k_skip = 2
        return [
            Dense(nn.Conv2d(in_filters, out_filters, k_first, stride=skip_stride, padding=1)), 
            nn.ReLU(), 
            Dense(nn.Conv2d(in_filters, out_filters, k_skip, stride=skip_stride, padding=0), 
                  None, 
                  nn.Conv2d(out_filters, out_filters, k, stride=1, padding=1)), 
            nn.ReLU()
        ]
    conv1 = [nn.Conv2d(3,16,3,stride=1,padding=1), nn.ReLU()]
    conv2 = block(16,16*factor,3, False)
    for _ in range(N): 
        conv2.extend(block(16*factor,16*factor,3, False))
    conv3 = block(16*factor,32*factor,3, True)
    for _ in range(N-1): 
        conv3.extend(block(32*factor,32*factor,3, False))
    conv4 = block(32*factor,64*factor,3, True)
    for _ in range(N-1): 
        conv4.extend(block(64*factor,64*factor,3, False))
    layers = (
        conv1 + 
        conv2 + 
        conv3 + 
        conv4 +
        [Flatten(),
        nn.Linear(64*factor*8*8,1000), 
        nn.ReLU(), 
        nn.Linear(1000, 10)]
        )
    model = DenseSequential(
        *layers
    )
    # _ = [torch.autograd.Variable(torch.zeros(1,3,32,32))]
    # for l in layers:
    #     if isinstance(l, Dense): 
    #         _.append(l(*_))
    #     else:
    #         _.append(l(_[-1]))
    #     print(_[-1].size())
    # assert False
    # print(model)
    for m in model.modules():
        if isinstance(m, nn.Conv2d):
            n = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
            m.weight.data.normal_(0, math.sqrt(2. / n))
            if m.bias is not None: 
                m.bias.data.zero_()
    return model

def argparser(batch_size=50, epochs=20, seed=0, verbose=1, lr=1e-3, 
              epsilon=0.1, starting_epsilon=None, 
              l1_proj=None, delta=None, m=1, l1_eps=None, 
              l1_train='exact', l1_test='exact', 
              opt='sgd', momentum=0.9, weight_decay=5e-4): 

    parser = argparse.ArgumentParser()
    parser.add_argument('--batch_size', type=int, default=batch_size)
    parser.add_argument('--epochs', type=int, default=epochs)
    parser.add_argument('--seed', type=int, default=seed)
    parser.add_argument('--verbose', type=int, default=verbose)
    parser.add_argument("--lr", type=float, default=lr)
    parser.add_argument("--epsilon", type=float, default=epsilon)
    parser.add_argument("--starting_epsilon", type=float, default=starting_epsilon)
    parser.add_argument('--prefix')
    parser.add_argument('--eval')
    parser.add_argument('--resume', action='store_true')
    parser.add_argument('--alpha_grad', default=True)
    parser.add_argument('--scatter_grad', default=True)
    parser.add_argument('--l1_proj', type=int, default=l1_proj)
    parser.add_argument('--delta', type=float, default=delta)
    parser.add_argument('--m', type=int, default=m)
    parser.add_argument('--l1_eps', type=float, default=l1_eps)
    # parser.add_argument('--large', action='store_true')
    # parser.add_argument('--vgg', action='store_true')
    # parser.add_argument('--resnet', action='store_true')
    parser.add_argument('--l1_train', default=l1_train)
    parser.add_argument('--l1_test', default=l1_test)
    parser.add_argument('--opt', default=opt)
    parser.add_argument('--momentum', type=float, default=momentum)
    parser.add_argument('--weight_decay', type=float, default=weight_decay)
    parser.add_argument('--model', default=None)
    parser.add_argument('--model_factor', type=int, default=8)
    parser.add_argument('--method', default=None)
    parser.add_argument('--cuda_ids', default=None)
    parser.add_argument('--schedule_length', type=int, default=10)

    parser.add_argument('--resnet_N', type=int, default=1)
    parser.add_argument('--resnet_factor', type=int, default=1)

    parser.add_argument('--cascade', type=int, default=None)
    parser.add_argument('--load')


    
    args = parser.parse_args()
    if args.starting_epsilon is None:
        args.starting_epsilon = args.epsilon 
    if args.prefix: 
        # if args.vgg: 
        #     args.prefix += '_vgg'
        # elif args.large: 
        #     args.prefix += '_large'
        # elif args.resnet: 
        #     args.prefix += '_resnet'
        if args.model is not None: 
            args.prefix += '_'+args.model

        if args.method is not None: 
            args.prefix += '_'+args.method

        if args.eval: 
            args.prefix += '_eval_' + args.eval.replace('/','_')
        else:
            banned = ['alpha_grad', 'scatter_grad', 'verbose', 'prefix',
                      'resume', 'baseline', 'eval', 
                      'method', 'model', 'cuda_ids', 'load']
            if args.method == 'baseline':
                banned += ['epsilon', 'starting_epsilon', 'schedule_length', 
                           'l1_test', 'l1_train', 'm', 'l1_proj']

            # if not using adam, ignore momentum and weight decay
            if args.opt == 'adam': 
                banned += ['momentum', 'weight_decay']

            if args.m == 1: 
                banned += ['m']

            # if not using a model that uses model_factor, 
            # ignore model_factor
            if args.model not in ['wide', 'deep']: 
                banned += ['model_factor']

            if args.model != 'resnet': 
                banned += ['resnet_N', 'resnet_factor']

            for arg in sorted(vars(args)): 
                if arg not in banned and getattr(args,arg) is not None: 
                    args.prefix += '_' + arg + '_' +str(getattr(args, arg))
        if args.schedule_length > args.epochs: 
            raise ValueError('Schedule length for epsilon ({}) is greater than '
                             'number of epochs ({})'.format(args.schedule_length, args.epochs))
    else: 
        args.prefix = 'temporary'

    if args.cuda_ids is not None: 
        print('Setting CUDA_VISIBLE_DEVICES to {}'.format(args.cuda_ids))
        os.environ['CUDA_VISIBLE_DEVICES'] = args.cuda_ids


    return args

def args2kwargs(args, X=None): 

    if args.l1_proj is not None: 
        if not args.l1_eps:
            if args.delta: 
                args.l1_eps = epsilon_from_model(model, Variable(X.cuda()), args.l1_proj,
                                            args.delta, args.m)
                print('''
        With probability {} and projection into {} dimensions and a max
        over {} estimates, we have epsilon={}'''.format(args.delta, args.l1_proj,
                                                        args.m, args.l1_eps))
            else: 
                args.l1_eps = 0
                print('No epsilon or \delta specified, using epsilon=0.')
        else:
            print('Specified l1_epsilon={}'.format(args.l1_eps))
        kwargs = {
            'alpha_grad' : args.alpha_grad,
            'scatter_grad' : args.scatter_grad, 
            'l1_proj' : args.l1_proj, 
            'l1_eps' : args.l1_eps, 
            'm' : args.m
        }
    else:
        kwargs = {
            'alpha_grad' : args.alpha_grad,
            'scatter_grad' : args.scatter_grad, 
        }
    return kwargs