"""
Module providing methods for detecting adversarial samples under a common interface.
"""
from art.defences.detector.evasion.detector import BinaryInputDetector, BinaryActivationDetector
from art.defences.detector.evasion.subsetscanning.scanningops import ScanningOps
from art.defences.detector.evasion.subsetscanning.scanner import Scanner
from art.defences.detector.evasion.subsetscanning.detector import SubsetScanningDetector
