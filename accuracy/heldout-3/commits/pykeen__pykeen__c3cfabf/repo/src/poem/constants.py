# -*- coding: utf-8 -*-

"""Constants defined for POEM."""

from torch.optim import Adam, SGD

"""Device related constants"""

PREFERRED_DEVICE = 'preferred_device'
GPU = 'gpu'
CPU = 'cpu'

"""Configuration-related constants"""

EXECUTION_MODE = 'execution_mode'
TRAINING_MODE = 'training_mode'
HPO_MODE = 'HPO_mode'
MARGIN_LOSS = 'margin_mrl'
NUM_ENTITIES = 'num_entities'
NUM_RELATIONS = 'num_relations'
EMBEDDING_DIM = 'embedding_dim'
LEARNING_RATE = 'learning_rate'
KG_ASSUMPTION = 'KG_assumption'
OWA = 'open_world_assumption'
CWA = 'closed_world_assumption'
NUMERIC_LITERALS = 'numeric_literals'
BATCH_SIZE = 'batch_size'
NUM_EPOCHS = 'num_epochs'
NUM_NEGS_PER_POS = 'num_negatives_per_positive'
SEED = 'random_seed'
# TransH related
SCORING_FUNCTION_NORM = 'scoring_function'
WEIGHT_SOFT_CONSTRAINT_TRANS_H = 'weighting_soft_constraint'
# TransR related
RELATION_EMBEDDING_DIM = 'relation_embedding_dim'

"""Optimizer related constants"""
SGD_OPTIMIZER_NAME = SGD.__name__
#ADAGRAD_OPTIMIZER_NAME = Adagrad.__name__
ADAM_OPTIMIZER_NAME = Adam.__name__

"""Evaluator related constants"""
EVALUATOR = 'evaluator'
RANK_BASED_EVALUATOR = 'ranked_based_evaluator'
FILTER_NEG_TRIPLES = 'filter_negative_triples'

"""Data"""

TRAINING_SET_PATH = 'training_set_path'
TEST_SET_PATH = 'test_set_path'
TEST_SET_RATIO = 'test_set_ratio'
PATH_TO_NUMERIC_LITERALS = 'path_to_numeric_literals'

"""Model names"""

MODEL_NAME = 'model_name'
DISTMULT_LITERAL_NAME_OWA = 'DistMultLiteral_OWA'
DISTMULT_LITERAL_NAME_CWA = 'DistMultLiteral_CWA'
COMPLEX_NAME = 'ComplEx'
COMPLEX_CWA_NAME = 'ComplEx_CWA'
COMPLEX_LITERAL_NAME_CWA = 'ComplexLiteral_CWA'
TRANS_E_NAME = 'TransE'
TRANS_H_NAME = 'TransH'
TRANS_R_NAME = 'TransR'
TRANS_D_NAME = 'TransD'
DISTMULT_NAME = 'DistMult'
ERMLP_NAME = 'ERMLP'
RESCAL_NAME = 'RESCAL'
SE_NAME = 'StructuredEmbedding'
UM_NAME = 'UM'
HOL_E_NAME = 'HolE'
CONV_KB_NAME = 'ConvKB'
ROTAT_E_NAME = 'RotatE'

"""DistMult related constants"""

INPUT_DROPOUT = 'input_dropout'

"""Factory related constants"""
FACTORY_NAME = 'factory_name'
TRIPLES_FACTORY = 'triples_factory'
NUMERIC_LITERALS_FACTORY = 'numeric_literals_factory'

"""Training loops related constants"""
