'''
Author: jianzhnie
Date: 2022-01-11 16:25:58
LastEditTime: 2022-01-11 16:51:02
LastEditors: jianzhnie
Description:

'''
