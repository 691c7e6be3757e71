'''
Author: jianzhnie
Date: 2022-01-11 17:45:48
LastEditTime: 2022-01-11 17:50:21
LastEditors: jianzhnie
Description:

'''
