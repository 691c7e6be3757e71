'''
Author: jianzhnie
Date: 2022-01-12 10:18:06
LastEditTime: 2022-01-12 10:18:06
LastEditors: jianzhnie
Description:

'''
