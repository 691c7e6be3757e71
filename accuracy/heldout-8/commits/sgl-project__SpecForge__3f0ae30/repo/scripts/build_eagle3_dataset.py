"""
Preprocess data for dataset generation. This runs faster without c10d comms.
"""

import argparse
import hashlib
import os
from pathlib import Path

import torch
from datasets import load_dataset
from transformers import AutoTokenizer

from specforge.data import build_eagle3_dataset


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-path", type=str, required=True)
    parser.add_argument("--cache-dir", type=str, default="./cache")
    parser.add_argument("--output-path", type=str, default=None)
    parser.add_argument("--max-length", type=int, default=2048)
    parser.add_argument("--num-samples", type=int, default=None)
    parser.add_argument("--chat-template", type=str, default="llama3")
    parser.add_argument("--model-path", type=str, required=False)
    parser.add_argument("--build-dataset-num-proc", type=int, default=8)
    return parser.parse_args()


def main():
    """
    Separated script to build eagle3 dataset from the training.

    Usage:
    python ./scripts/build_eagle3_dataset.py  \
        --data-path "cache/dataset/sharegpt.jsonl" \
        --model-path /shared/public/models/meta-llama/Meta-Llama-3.1-8B-Instruct \
        --chat-template llama3
    """
    args = parse_args()
    torch.distributed.init_process_group(backend="nccl")
    assert os.path.exists(
        args.data_path
    ), f"Dataset path {args.data_path} does not exist"
    if args.output_path is None:
        root_path = Path(__file__).parent.parent
        args.output_path = root_path.joinpath("cache", "hidden_states")

    dataset = load_dataset("json", data_files=args.data_path)["train"]
    if args.num_samples is not None:
        print(f"Selecting {args.num_samples} samples from {len(dataset)}")
        dataset = dataset.select(range(args.num_samples))
    tokenizer = AutoTokenizer.from_pretrained(args.model_path)
    cache_params_string = (
        f"{args.data_path}-"
        f"{args.max_length}-"
        f"{args.chat_template}-"
        f"{args.model_path}"  # Tokenizer may also different
    )
    cache_key = hashlib.md5(cache_params_string.encode()).hexdigest()
    eagle3_dataset = build_eagle3_dataset(
        dataset=dataset,
        tokenizer=tokenizer,
        chat_template=args.chat_template,
        max_length=args.max_length,
        cache_dir=os.path.join(args.cache_dir, "processed_dataset"),
        cache_key=cache_key,
        num_proc=args.build_dataset_num_proc,
    )
    print("Built dataset")


if __name__ == "__main__":
    main()
