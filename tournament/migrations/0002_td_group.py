from django.db import migrations

TD_GROUP = "Tournament directors"
APPS = ("tournament", "boards", "scoring")


def create_group(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=TD_GROUP)
    group.permissions.set(Permission.objects.filter(content_type__app_label__in=APPS))


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=TD_GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0001_initial"),
        ("boards", "0001_initial"),
        ("scoring", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]
    operations = [migrations.RunPython(create_group, remove_group)]
