'''
Author: jianzhnie
Date: 2022-01-24 11:36:20
LastEditTime: 2022-01-24 11:36:21
LastEditors: jianzhnie
Description:

'''
