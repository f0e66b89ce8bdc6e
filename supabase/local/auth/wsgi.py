from local_auth import create_app

app = create_app()
