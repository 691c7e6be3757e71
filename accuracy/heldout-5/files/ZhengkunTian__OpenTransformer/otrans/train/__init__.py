'''
@Author: Zhengkun Tian
@Email: zhengkun.tian@outlook.com
@Date: 2020-04-02 16:58:26
@LastEditTime: 2020-04-02 16:58:27
@FilePath: \OpenASR\oasr\train\__init__.py
'''
