# -*- coding: utf-8 -*-
"""
@author:XuMing(xuming624@qq.com)
@description: Train a model from SFT using RLOO (REINFORCE Leave-One-Out, PPO alternative)
"""

import os
import sys
from dataclasses import dataclass, field
from glob import glob
from typing import Optional
import torch
from datasets import load_dataset
from loguru import logger
from transformers import (
    AutoModelForSequenceClassification,
    AutoTokenizer,
    HfArgumentParser,
    AutoModelForCausalLM,
)
from trl import (
    RLOOConfig,
    RLOOTrainer,
    ModelConfig,
    get_peft_config,
)

sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from training.template import get_conv_template

os.environ["TOKENIZERS_PARALLELISM"] = "FALSE"
os.environ["KMP_DUPLICATE_LIB_OK"] = "TRUE"


@dataclass
class RLOOArguments:
    """
    The name of the Casual LM model we wish to fine with RLOO
    """
    sft_model_path: Optional[str] = field(default=None, metadata={"help": "Path to the SFT model."})
    reward_model_path: Optional[str] = field(default=None, metadata={"help": "Path to the reward model."})
    dataset_name: Optional[str] = field(default=None, metadata={"help": "Dataset name."})
    dataset_config: Optional[str] = field(default=None, metadata={"help": "Dataset configuration name."})
    dataset_train_split: str = field(default="train", metadata={"help": "Dataset split to use for training."})
    dataset_test_split: str = field(default="test", metadata={"help": "Dataset split to use for evaluation."})
    train_file_dir: Optional[str] = field(default=None, metadata={"help": "The input jsonl data file folder."})
    validation_file_dir: Optional[str] = field(default=None, metadata={"help": "The evaluation jsonl file folder."}, )
    template_name: Optional[str] = field(
        default=None,
        metadata={"help": "The prompt template name. If not set, use tokenizer's built-in chat_template."}
    )
    max_source_length: Optional[int] = field(default=1024, metadata={"help": "Max length of prompt input text"})


def main():
    parser = HfArgumentParser((RLOOArguments, RLOOConfig, ModelConfig))
    args, training_args, model_args = parser.parse_args_into_dataclasses(
        return_remaining_strings=True
    )[:3]

    # Add distributed training initialization
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    is_main_process = local_rank == 0
    world_size = int(os.environ.get("WORLD_SIZE", "1"))
    ddp = world_size != 1
    num_gpus = torch.cuda.device_count()

    # Only log on main process
    if is_main_process:
        logger.info(f"Parse args: {args}")
        logger.info(f"Training args: {training_args}")
        logger.info(f"Model args: {model_args}")
        logger.info(f"DDP: {ddp}, num_gpus: {num_gpus}")

    # Determine torch dtype
    torch_dtype = (
        model_args.dtype if model_args.dtype in ["auto", None] else getattr(torch, model_args.dtype)
    )

    # Determine device_map and max_memory for model loading
    if ddp:
        # In DDP mode, each process manages its own GPU; accelerate handles placement
        device_map = None
        max_memory = None
    elif num_gpus > 1:
        # Single-process multi-GPU: distribute model layers across GPUs
        max_memory = {}
        for i in range(num_gpus):
            gpu_props = torch.cuda.get_device_properties(i)
            total_mem = gpu_props.total_memory
            # Reserve 20% of memory for gradients, optimizer states, etc.
            usable_mem = int(total_mem * 0.8)
            max_memory[i] = f"{usable_mem // (1024 ** 2)}MiB"
        device_map = "auto"
    else:
        device_map = "auto"
        max_memory = None

    if is_main_process:
        logger.info(f"device_map: {device_map}, max_memory: {max_memory}, torch_dtype: {torch_dtype}")

    # Load tokenizer
    sft_model_path = args.sft_model_path or model_args.model_name_or_path
    tokenizer = AutoTokenizer.from_pretrained(
        sft_model_path, trust_remote_code=model_args.trust_remote_code
    )
    if tokenizer.eos_token_id is None:
        tokenizer.eos_token = tokenizer.eos_token if tokenizer.eos_token is not None else tokenizer.sep_token
        tokenizer.add_special_tokens({"eos_token": tokenizer.eos_token})
        logger.info(f"Add eos_token: {tokenizer.eos_token}, eos_token_id: {tokenizer.eos_token_id}")
    if tokenizer.bos_token_id is None:
        tokenizer.add_special_tokens({"bos_token": tokenizer.eos_token})
        tokenizer.bos_token_id = tokenizer.eos_token_id
        logger.info(f"Add bos_token: {tokenizer.bos_token}, bos_token_id: {tokenizer.bos_token_id}")
    if tokenizer.pad_token_id is None:
        if tokenizer.unk_token_id is not None:
            tokenizer.pad_token = tokenizer.unk_token
        else:
            tokenizer.pad_token = tokenizer.eos_token
        logger.info(f"Add pad_token: {tokenizer.pad_token}, pad_token_id: {tokenizer.pad_token_id}")
    logger.debug(f"Tokenizer: {tokenizer}")

    # Load reward model as reward function
    reward_model_kwargs = dict(
        trust_remote_code=model_args.trust_remote_code,
        num_labels=1,
    )
    if torch_dtype is not None:
        reward_model_kwargs["torch_dtype"] = torch_dtype
    if device_map is not None:
        reward_model_kwargs["device_map"] = device_map
    if max_memory is not None:
        reward_model_kwargs["max_memory"] = max_memory
    if is_main_process:
        logger.info(f"Loading reward model from: {args.reward_model_path}")
    reward_model = AutoModelForSequenceClassification.from_pretrained(
        args.reward_model_path, **reward_model_kwargs
    )
    if is_main_process and hasattr(reward_model, 'hf_device_map'):
        logger.info(f"Reward model device map: {dict(reward_model.hf_device_map)}")

    # Load policy model
    policy_kwargs = dict(
        trust_remote_code=model_args.trust_remote_code,
    )
    if torch_dtype is not None:
        policy_kwargs["torch_dtype"] = torch_dtype
    if device_map is not None:
        policy_kwargs["device_map"] = device_map
    if max_memory is not None:
        policy_kwargs["max_memory"] = max_memory
    if is_main_process:
        logger.info(f"Loading policy model from: {sft_model_path}")
    policy = AutoModelForCausalLM.from_pretrained(
        sft_model_path, **policy_kwargs
    )
    if is_main_process and hasattr(policy, 'hf_device_map'):
        logger.info(f"Policy model device map: {dict(policy.hf_device_map)}")

    peft_config = get_peft_config(model_args)

    # Get datasets
    prompt_template = None
    if args.template_name:
        prompt_template = get_conv_template(args.template_name)
    if args.dataset_name is not None:
        # Downloading and loading a dataset from the hub.
        dataset = load_dataset(
            args.dataset_name,
            args.dataset_config,
            split=args.dataset_train_split
        )
        eval_samples = 100
        train_dataset = dataset.select(range(len(dataset) - eval_samples))
        eval_dataset = dataset.select(range(len(dataset) - eval_samples, len(dataset)))
    else:
        data_files = {}
        if args.train_file_dir is not None and os.path.exists(args.train_file_dir):
            train_data_files = glob(f'{args.train_file_dir}/**/*.jsonl', recursive=True)
            logger.info(f"train files: {', '.join(train_data_files)}")
            data_files["train"] = train_data_files
        if args.validation_file_dir is not None and os.path.exists(args.validation_file_dir):
            eval_data_files = glob(f'{args.validation_file_dir}/**/*.jsonl', recursive=True)
            logger.info(f"eval files: {', '.join(eval_data_files)}")
            data_files["validation"] = eval_data_files
        dataset = load_dataset(
            'json',
            data_files=data_files,
        )
        train_dataset = dataset["train"]
        val_dataset = dataset["validation"]
        eval_dataset = val_dataset.select(range(min(100, len(val_dataset))))
    logger.info(f"Get datasets: {train_dataset}, {eval_dataset}")

    # Preprocessing the datasets
    max_source_length = args.max_source_length

    def preprocess_function(examples):
        new_examples = {"prompt": []}
        roles = ["human", "gpt"]

        def get_dialog(examples):
            system_prompts = examples.get("system_prompt", "")
            for i, source in enumerate(examples['conversations']):
                if len(source) < 2:
                    continue
                data_role = source[0].get("from", "")
                if data_role not in roles or data_role != roles[0]:
                    # Skip the first one if it is not from human
                    source = source[1:]
                if len(source) < 2:
                    continue
                messages = []
                for j, sentence in enumerate(source):
                    data_role = sentence.get("from", "")
                    if data_role not in roles:
                        logger.warning(f"unknown role: {data_role}, {i}. (ignored)")
                        break
                    if data_role == roles[j % 2]:
                        messages.append(sentence["value"])
                if len(messages) < 2 or len(messages) % 2 != 0:
                    continue
                # Convert the list to pairs of elements
                history_messages = [[messages[k], messages[k + 1]] for k in range(0, len(messages), 2)]
                system_prompt = system_prompts[i] if system_prompts else None
                if prompt_template:
                    yield prompt_template.get_dialog(history_messages, system_prompt=system_prompt)
                else:
                    convs = []
                    accumulated = []
                    if system_prompt:
                        accumulated.append({"role": "system", "content": system_prompt})
                    prev_text = ""
                    for uq, br in history_messages:
                        accumulated.append({"role": "user", "content": uq})
                        cur_text = tokenizer.apply_chat_template(
                            accumulated, tokenize=False, add_generation_prompt=True
                        )
                        convs.append(cur_text[len(prev_text):])
                        convs.append(br)
                        accumulated.append({"role": "assistant", "content": br})
                        prev_text = tokenizer.apply_chat_template(
                            accumulated, tokenize=False, add_generation_prompt=False
                        )
                    yield convs

        for dialog in get_dialog(examples):
            for i in range(len(dialog) // 2):
                source_txt = dialog[2 * i]
                new_examples["prompt"].append(source_txt)

        return new_examples

    # Preprocess the dataset
    if is_main_process:
        logger.debug(f"Example train_dataset[0]: {train_dataset[0]}")
        tokenized_train_dataset = train_dataset.map(
            preprocess_function,
            batched=True,
            num_proc=training_args.dataset_num_proc,
            remove_columns=train_dataset.column_names,
            load_from_cache_file=False,
            desc="Running tokenizer on dataset" if is_main_process else None,
        )
        train_dataset = tokenized_train_dataset.filter(
            lambda x: len(x['prompt']) > 0
        )
        logger.debug(f"Train samples top3: {train_dataset[:3]}")

        # Preprocess the dataset for evaluation
        logger.debug(f"Example eval_dataset[0]: {eval_dataset[0]}")
        tokenized_eval_dataset = eval_dataset.map(
            preprocess_function,
            batched=True,
            num_proc=training_args.dataset_num_proc,
            remove_columns=eval_dataset.column_names,
            load_from_cache_file=False,
            desc="Running tokenizer on dataset" if is_main_process else None,
        )
        eval_dataset = tokenized_eval_dataset.filter(
            lambda x: len(x['prompt']) > 0
        )
        logger.debug(f"Eval samples top3: {eval_dataset[:3]}")

    # We then build the RLOOTrainer, passing the model, the reward function, the tokenizer
    # RLOO does not need a separate value model or ref model (unlike PPO)
    trainer = RLOOTrainer(
        args=training_args,
        processing_class=tokenizer,
        model=policy,
        reward_funcs=reward_model,
        train_dataset=train_dataset,
        eval_dataset=eval_dataset,
        peft_config=peft_config,
    )

    # Training
    if training_args.do_train:
        if is_main_process:
            logger.info("*** Train ***")
        trainer.train()

        # Only log on main process
        if is_main_process:
            trainer.save_model(training_args.output_dir)

    trainer.generate_completions()


if __name__ == "__main__":
    main()
