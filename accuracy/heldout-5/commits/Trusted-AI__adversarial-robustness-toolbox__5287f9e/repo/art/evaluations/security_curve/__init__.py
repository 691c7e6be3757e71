"""
This module implements the evaluation of Security Curves.
"""
from art.evaluations.security_curve.security_curve import SecurityCurve
