"""adjust"""
