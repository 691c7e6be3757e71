import argparse
import subprocess

import torch


def parse_args():
    parser = argparse.ArgumentParser(
        description='Process a checkpoint to be published')
    parser.add_argument('in_file', help='input checkpoint filename')
    parser.add_argument('out_file', help='output checkpoint filename')
    parser.add_argument('--decode', action='store_true', default=False,
                        help='whether to add sha decode code')
    args = parser.parse_args()
    return args


def process_checkpoint(in_file, out_file, decode=False):
    checkpoint = torch.load(in_file, map_location='cpu')
    # remove optimizer for smaller file size
    if 'optimizer' in checkpoint:
        del checkpoint['optimizer']
    # if it is necessary to remove some sensitive data in checkpoint['meta'],
    # add the code here.
    if not out_file.endswith('.pth'):
        out_file += '.pth'
    if torch.__version__ >= '1.6':
        torch.save(checkpoint, out_file, _use_new_zipfile_serialization=False)
    else:
        torch.save(checkpoint, out_file)
    
    if decode:
        sha = subprocess.check_output(['sha256sum', out_file]).decode()
        out_file_name = out_file[:-4]
        final_file = out_file_name + f'-{sha[:8]}.pth'
        subprocess.Popen(['mv', out_file, final_file])


def main():
    args = parse_args()
    process_checkpoint(args.in_file, args.out_file, args.decode)


if __name__ == '__main__':
    main()
