""" Package for keeping all the data processing utilities """
from data_processing import DataLoader