# encoding: utf-8

