"""
Module implementing multiple types of defences against adversarial attacks.
"""
