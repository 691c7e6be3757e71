# encoding: utf-8
"""
@author:  sherlock
@contact: sherlockliao01@gmail.com
"""
