'''
Author: jianzhnie
Date: 2022-01-13 14:46:30
LastEditTime: 2022-01-13 14:46:30
LastEditors: jianzhnie
Description:

'''
