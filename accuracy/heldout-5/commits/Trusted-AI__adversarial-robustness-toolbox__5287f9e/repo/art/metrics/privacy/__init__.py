"""
Module providing metrics and verifications.
"""
from art.metrics.privacy.membership_leakage import PDTP, SHAPr, ComparisonType
from art.metrics.privacy.worst_case_mia_score import get_roc_for_fpr, get_roc_for_multi_fprs
